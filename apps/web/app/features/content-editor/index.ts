/**
 * Public face of the content editor (the back office's «Контент» and «Подборки»): the content pages' Markdown with a
 * live preview, the journal's posts and job openings, and the home page's compilations.
 */
export { ContentEditor } from './content-editor';
export { CompilationsEditor } from './compilations-editor';
