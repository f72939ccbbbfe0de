/** Public face of the search feature. */
/** The header's search box with suggestions. */
export { SearchBox } from './search-box';
/** What the search box shows on a page's first render (the header's HTML depends on it). */
export { searchBoxValue } from './search-box';
/** The search screen's prompt when there is no query yet. */
export { SearchPrompt } from './search-prompt';
