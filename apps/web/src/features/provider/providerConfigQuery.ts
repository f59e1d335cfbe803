/** The web client's provider config: GET /v1/provider/config?platform=react. */
export const PROVIDER_CONFIG_QUERY = { platform: 'react' } as const;
