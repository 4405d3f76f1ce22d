module.exports = () => require('./api-server.cjs').setup();
