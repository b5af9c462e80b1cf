/**
 * The mode the site runs in when NODE_ENV is not set: production. Decided here, first thing in
 * the process entry and before any package is loaded, because packages read NODE_ENV themselves
 * when they are first required: React and react-dom pick their development or production build
 * then, and a server started without NODE_ENV (`npm start`) rendered with React's development
 * build at about a third of the speed, while the site's own config said production.
 * server/process/config.ts takes its default from here, so the two always agree.
 */
export const DEFAULT_NODE_ENV = 'production';

// A value of only spaces is not set (as server/process/config.ts reads every variable); one with spaces
// around it is the value itself, which is what packages compare with.
const given = process.env.NODE_ENV?.trim();
process.env.NODE_ENV = given ? given : DEFAULT_NODE_ENV;
