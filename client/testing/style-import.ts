// A stylesheet imported by a module (`import './x.css';`), as jest loads it (jest.config.js maps
// every `.css` here): nothing. The browser bundle carries the CSS; the server's bundle empties it too.
export {};
