// /3ds-callback is an entry screen (part 1 §2); the payments feature owns what it does.
export { ThreeDsCallbackScreen } from '../payments/ThreeDsCallbackScreen';
