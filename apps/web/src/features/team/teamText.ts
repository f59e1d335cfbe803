// The words of team seats that the web app writes itself (the contract has the server's messages
// and the permissions' explanations).

export const TEAM_TEXT = {
  workingAs: (creator: string) => `Working as ${creator}'s team`,
  signedInAs: (member: string) => `Signed in as ${member}`,
  backToMine: 'Back to my account',
  myAccount: 'My account',
  workspace: (creator: string) => `${creator}'s team`,
  seatEndedTitle: 'Back in your account',
  seatEnded: (creator: string) => `Your seat on ${creator}'s team has ended.`,
  notInSeat: 'Your team seat does not include this screen.',
  joinTitle: (creator: string) => `Join ${creator}'s team`,
} as const;
