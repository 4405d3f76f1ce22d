export const manifest = { name: 'mf_payments', namespaces: ['payments'], buildId: __BUILD_ID__ } as const;
export default manifest;
