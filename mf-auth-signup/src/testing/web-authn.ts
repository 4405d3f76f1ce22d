/**
 * A WebAuthn authenticator for jsdom (which has none): navigator.credentials.create / get backed
 * by real P-256 keys (node:crypto), a "none" attestation and ES256 assertions, so the pages run
 * @simplewebauthn/browser against the real server's verification. Like a platform authenticator it
 * keeps discoverable credentials per RP id. The origin it signs is the one the server expects for
 * its site (http://<rp id>:<port of this page>). `cancelNext()` makes the next dialog "closed by
 * the member" (NotAllowedError), as a browser does.
 */
import crypto from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  if (n < 65536) return [(major << 5) | 25, n >> 8, n & 255];
  return [(major << 5) | 26, (n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The little CBOR an attestation needs: small ints, text, bytes, maps. */
export function cbor(value: Cbor): number[] {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = [...Buffer.from(value, 'utf8')];
    return [...head(3, bytes.length), ...bytes];
  }
  // (ArrayBuffer.isView: Node's Buffer is not a Uint8Array of jsdom's realm)
  if (ArrayBuffer.isView(value)) return [...head(2, value.length), ...value];
  const out = head(5, value.size);
  for (const [k, v] of value) out.push(...cbor(k), ...cbor(v));
  return out;
}

const buf = (b: Buffer | number[]) => {
  const bytes = Uint8Array.from(b);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};
const bytesOf = (v: BufferSource) =>
  Buffer.from(v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength));

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: Buffer;
  key: crypto.KeyObject;
  counter: number;
}

export const authenticator = {
  credentials: [] as Credential[],
  cancel: false,
  cancelNext() {
    this.cancel = true;
  },
};

function refuseIfCancelled() {
  if (!authenticator.cancel) return;
  authenticator.cancel = false;
  const err = new Error('The operation either timed out or was not allowed.');
  err.name = 'NotAllowedError';
  throw err;
}

const originFor = (rpId: string) => `http://${rpId}:${location.port}`;

async function create({ publicKey }: CredentialCreationOptions) {
  refuseIfCancelled();
  if (!publicKey) throw new Error('publicKey options expected');
  const rpId = publicKey.rp.id ?? location.hostname;
  const { privateKey, publicKey: pub } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = pub.export({ format: 'jwk' });
  const id = crypto.randomBytes(32);
  const cose = new Map<Cbor, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const idLen = [id.length >> 8, id.length & 255];
  const authData = Buffer.from([
    ...crypto.createHash('sha256').update(rpId).digest(),
    0x45,
    0,
    0,
    0,
    0,
    ...Buffer.alloc(16),
    ...idLen,
    ...id,
    ...cbor(cose),
  ]);
  const attestation = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const clientData = JSON.stringify({
    type: 'webauthn.create',
    challenge: bytesOf(publicKey.challenge).toString('base64url'),
    origin: originFor(rpId),
    crossOrigin: false,
  });
  authenticator.credentials.push({ id, rpId, userHandle: bytesOf(publicKey.user.id), key: privateKey, counter: 0 });
  return {
    id: id.toString('base64url'),
    rawId: buf(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: buf(Buffer.from(clientData)), attestationObject: buf(attestation), getTransports: () => ['internal'] },
    getClientExtensionResults: () => ({}),
  };
}

async function get({ publicKey }: CredentialRequestOptions) {
  refuseIfCancelled();
  if (!publicKey) throw new Error('publicKey options expected');
  const rpId = publicKey.rpId ?? location.hostname;
  const cred = [...authenticator.credentials].reverse().find((c) => c.rpId === rpId);
  if (!cred) {
    const err = new Error('no passkey');
    err.name = 'NotAllowedError';
    throw err;
  }
  cred.counter += 1;
  const counter = [(cred.counter >>> 24) & 255, (cred.counter >> 16) & 255, (cred.counter >> 8) & 255, cred.counter & 255];
  const authData = Buffer.from([...crypto.createHash('sha256').update(rpId).digest(), 0x05, ...counter]);
  const clientData = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: bytesOf(publicKey.challenge).toString('base64url'),
      origin: originFor(rpId),
      crossOrigin: false,
    }),
  );
  const signature = crypto.sign('sha256', Buffer.concat([authData, crypto.createHash('sha256').update(clientData).digest()]), cred.key);
  return {
    id: cred.id.toString('base64url'),
    rawId: buf(cred.id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: buf(clientData),
      authenticatorData: buf(authData),
      signature: buf(signature),
      userHandle: buf(cred.userHandle),
    },
    getClientExtensionResults: () => ({}),
  };
}

/** Give jsdom's window this authenticator (PublicKeyCredential + navigator.credentials). */
export function installWebAuthn(): void {
  Object.defineProperty(window, 'PublicKeyCredential', { configurable: true, writable: true, value: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create, get } });
}
