// One JSON file per area, merged here. Add a line when a page brings its own catalogue.
import app from './app.json';
import ui from './ui.json';

export const en = { ...app, ...ui };
