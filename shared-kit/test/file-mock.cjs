// Asset imports (images, svg, fonts) in tests resolve to a fixed file-name string,
// like webpack's asset/resource gives a URL string.
module.exports = 'test-file-stub';
