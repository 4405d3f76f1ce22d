// The anchor of `npm run bench -- api`: a bare Fastify 5 hello-world (GET / -> {hello: 'world'}),
// started by bench/api.ts in its own process on the same Node.
//   node bench/hello-world.cjs <port>      listens on 127.0.0.1:<port>, prints "listening" when ready
const path = require('node:path');

const fastifyPath = require.resolve('fastify', { paths: [path.join(__dirname, '..', 'api')] });
const Fastify = require(fastifyPath);
const port = Number(process.argv[2]);

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port, host: '127.0.0.1' }).then(
  () => console.log(`listening on 127.0.0.1:${port} (fastify ${require(path.join(path.dirname(fastifyPath), 'package.json')).version})`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
