export const manifest = { name: 'mf_landers', namespaces: ['landers'], buildId: __BUILD_ID__ } as const;
export default manifest;
