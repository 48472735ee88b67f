// What the auth module offers the others (decision 0091): the sign-in locks the user screen shows
// and the owner lifts, and the periodic sweep of old sign-in counters.
export { pruneThrottle, signInLocks, unlockSignIn } from './throttle.ts';
