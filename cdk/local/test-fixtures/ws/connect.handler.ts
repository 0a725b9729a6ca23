/** Test fixture: `$connect` accepts `?token=good` and refuses anything else with 401. */
export async function handler(event: {
  queryStringParameters?: Record<string, string>;
}): Promise<{ statusCode: number }> {
  return { statusCode: event.queryStringParameters?.['token'] === 'good' ? 200 : 401 };
}
