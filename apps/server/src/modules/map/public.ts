// What the map module offers the rest of the server: the origins the console's policy allows for maps.
export { mapOrigins } from './settings.ts';
