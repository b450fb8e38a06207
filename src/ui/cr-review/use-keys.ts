export { useKeys } from '../keys.js';
