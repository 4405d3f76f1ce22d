export const manifest = { name: 'mf_members', namespaces: ['members'], buildId: __BUILD_ID__ } as const;
export default manifest;
