/** A seeded sign-in of the local stack. */
export interface LocalStackUser {
  readonly username: string;
  readonly password: string;
  /** The agency the user belongs to, or null for a user without one. */
  readonly agencyId: string | null;
  readonly agencyName: string | null;
  /** On the allow-list that may create agencies (INTERNAL_USERS). */
  readonly internal: boolean;
}

/**
 * Everything a client (the web app, integration tests, a person) needs to talk to a running local
 * stack. `--info-file F` writes it as JSON once the stack is ready; all URLs are on 127.0.0.1.
 */
export interface LocalStackInfo {
  /** The SPA (with `/runtime-config.json`), or null when started with `--web none`. */
  readonly webUrl: string | null;
  /** REST gateway base URL; operation paths (`/api/...`, `/public/...`) are appended. */
  readonly apiUrl: string;
  /** WebSocket URL (`ws://127.0.0.1:PORT/local`); the access token goes in the `token` query parameter. */
  readonly wsUrl: string;
  /** WebSocket management API (`http://127.0.0.1:PORT/local`; `POST {this}/@connections/{id}`). */
  readonly wsManagementUrl: string;
  readonly dynamodbEndpoint: string;
  /** The Cognito shim in front of cognito-local (use it as the Cognito endpoint). */
  readonly cognitoEndpoint: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly s3Endpoint: string;
  readonly bucket: string;
  /** Physical DynamoDB table names (`bidgrid-local-<id>`). */
  readonly tables: { readonly app: string; readonly reports: string; readonly connections: string };
  /** Base URLs of the vendor simulators. */
  readonly simulators: {
    readonly bidder: string;
    readonly hubspot: string;
    readonly stripe: string;
    readonly companyMatch: string;
    readonly mail: string;
  };
  readonly users: readonly LocalStackUser[];
  /** Where the stack keeps its data (a temporary folder when ephemeral). */
  readonly dataDir: string;
}
