/** Public face of the search feature. */
/** The header's search box with suggestions. */
export { SearchBox } from './search-box';
/** The search screen's prompt when there is no query yet. */
export { SearchPrompt } from './search-prompt';
