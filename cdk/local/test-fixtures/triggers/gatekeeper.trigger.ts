/** Test fixture: a PreSignUp-like trigger that lets `allowed` through and refuses everyone else. */
export async function handler(event: { userName: string }): Promise<{ userName: string; response: object }> {
  if (event.userName !== 'allowed') throw new Error(`Refused ${event.userName}`);
  return { ...event, response: { autoConfirmUser: false } };
}
