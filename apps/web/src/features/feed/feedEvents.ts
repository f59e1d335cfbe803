/** The badge's text: the count, or "99+". */
export const unreadFeedsLabel = (count: number) => (count > 99 ? '99+' : String(count));
