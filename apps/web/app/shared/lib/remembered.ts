/**
 * A pure function of one argument that remembers its answers: formatting a number with
 * `Intl` costs a server render ~10 µs a call, and a catalog page formats a price for each of its 24 cards and a
 * count for each filter value — mostly the same few hundred values on every page.
 *
 * At most `max` answers are kept; when full, the memory starts over (the next calls refill it with what pages
 * show). Not lru-cache: this runs in the browser too, and lru-cache would add ~5 KB of gzipped JavaScript to every
 * page (the 150 KB budget) for an order of recency that a formatting memo does not need.
 * @param fn a function whose answer depends only on its argument (compared with `Map`'s SameValueZero)
 * @param max how many answers at most are kept
 */
export function remembered<A, R>(fn: (arg: A) => R, max = 1000): (arg: A) => R {
  const answers = new Map<A, R>();
  return (arg) => {
    if (answers.has(arg)) return answers.get(arg)!;
    if (answers.size >= max) answers.clear();
    const answer = fn(arg);
    answers.set(arg, answer);
    return answer;
  };
}
