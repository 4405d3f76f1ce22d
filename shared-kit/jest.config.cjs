// shared-kit's own tests use the preset every frontend workspace uses.
module.exports = { ...require('./jest-preset.cjs') };
