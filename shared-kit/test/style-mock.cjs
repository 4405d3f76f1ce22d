// CSS imports in tests: an empty object (class names are not asserted on).
module.exports = {};
