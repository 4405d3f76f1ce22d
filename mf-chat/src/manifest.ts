export const manifest = { name: 'mf_chat', namespaces: ['chat'], buildId: __BUILD_ID__ } as const;
export default manifest;
