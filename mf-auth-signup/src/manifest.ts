export const manifest = { name: 'mf_auth_signup', namespaces: ['auth'], buildId: __BUILD_ID__ } as const;
export default manifest;
