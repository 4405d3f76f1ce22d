/**
 * A software authenticator for tests: real P-256 keys (node:crypto), a real "none" attestation
 * and real ES256 assertions, encoded as a browser would send them (RegistrationResponseJSON /
 * AuthenticationResponseJSON). It keeps its discoverable credentials per RP id like a platform
 * authenticator does, so a test can register, then log in without naming the account.
 */
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: crypto.KeyObject;
  counter: number;
}

interface CreateOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}
interface GetOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new P-256 credential for options.rp.id. */
  create(options: CreateOptions, opts: { origin?: string } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = crypto.randomBytes(32);
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty EC2
      [3, -7], // alg ES256
      [-1, 1], // crv P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]);
    const rpIdHash = crypto.createHash('sha256').update(rpId).digest();
    const flags = Buffer.from([0x01 | 0x04 | 0x40]); // user present, user verified, attested credential data
    const counter = Buffer.alloc(4);
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(id.length);
    const authData = Buffer.concat([rpIdHash, flags, counter, Buffer.alloc(16), idLen, id, Buffer.from(isoCBOR.encode(cose))]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() with discoverable credentials: the newest one of the RP. */
  get(options: GetOptions, opts: { origin?: string; credential?: Credential } = {}) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const cred = opts.credential ?? [...this.credentials].reverse().find((c) => c.rpId === rpId);
    if (!cred) throw new Error(`no credential for ${rpId}`);
    cred.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(cred.counter);
    const authData = Buffer.concat([crypto.createHash('sha256').update(rpId).digest(), Buffer.from([0x01 | 0x04]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authData, crypto.createHash('sha256').update(clientDataJSON).digest()]),
      cred.privateKey,
    );
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: cred.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
