module.exports = () => require('./api-server.cjs').teardown();
