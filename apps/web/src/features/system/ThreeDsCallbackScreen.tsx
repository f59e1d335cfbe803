// /3ds-callback is an entry screen; the payments feature owns what it does.
export { ThreeDsCallbackScreen } from '../payments/ThreeDsCallbackScreen';
