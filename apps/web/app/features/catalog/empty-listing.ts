/** The words of an empty listing page: why nothing is shown and what to do next (brand.md: errors say what to do). */

/**
 * The text under «Ничего не нашлось».
 * @param opts `filters`: how many filters are on; `search`: the page is a search (a query found nothing)
 * @returns advice for filters first, then for the query, else the «come back later» line of an empty section
 */
export function emptyListingText(opts: { filters: number; search: boolean }): string {
  if (opts.filters) return 'Попробуйте убрать часть фильтров или поискать по-другому.';
  if (opts.search)
    return 'Проверьте, нет ли опечатки, или поищите другими словами — например, по бренду или названию вещи.';
  return 'Здесь пока нет товаров. Загляните позже — продавцы добавляют новые вещи каждый день.';
}
