import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ZONE_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

// Only the zone rules, without type information: the probes below are sources that are not on disk.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ZONE_RULES.has(ruleId),
  });
});

/** The zone errors `source` would get if it were the file at `file` (relative to the repository root). */
async function zoneErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('import zones', () => {
  it('refuses a workers file that imports command-api, by path or through the package', async () => {
    const errors = await zoneErrors(
      'workers/src/jobs/probe.ts',
      "import '../../../command-api/src/app.js';\nimport '@concierge/command-api/money/testing/harness';\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/no-restricted-paths.*workers take use cases from domain/);
  });

  it('lets system-tests drive command-api and workers together through their packages', async () => {
    const source = "import { startMoneyApi } from '@concierge/command-api/money/testing/harness';\nimport { settleWithdrawal } from '@concierge/workers/jobs/settlement/settle';\n";
    expect(await zoneErrors('system-tests/src/system/probe.int.spec.ts', source)).toEqual([]);
    expect(await zoneErrors('workers/src/jobs/settlement/probe.int.spec.ts', source)).toHaveLength(1);
  });

  it('lets workers take the write model from domain', async () => {
    const source = "import { minimumReplacementFee } from '@concierge/domain/money/account/decide';\n";
    expect(await zoneErrors('workers/src/jobs/settlement/fees.ts', source)).toEqual([]);
  });

  it('keeps the command pipeline and the deciders inside domain: routes and jobs call use cases', async () => {
    const route = 'command-api/src/money/wallets/probe.ts';
    expect(await zoneErrors(route, "import { defineAggregate } from '@concierge/domain/shared/aggregate';\n")).toHaveLength(1);
    expect(await zoneErrors(route, "import { walletAggregate } from '@concierge/domain/money/wallets/decide';\n")).toHaveLength(1);
    expect(await zoneErrors('workers/src/jobs/probe.ts', "import { decideAccount } from '@concierge/domain/money/account/decide';\n")).toHaveLength(1);
    expect(await zoneErrors(route, "import { configureAutoWithdrawal } from '@concierge/domain/money/wallets/configure-auto-withdrawal';\n")).toEqual([]);
    expect(await zoneErrors('workers/src/jobs/settlement/fees.ts', "import { minimumReplacementFee } from '@concierge/domain/money/account/decide';\n")).toEqual([]);
  });

  it('keeps contracts to zod and itself', async () => {
    expect(await zoneErrors('contracts/src/probe.ts', "import { z } from 'zod';\nimport './routes.js';\n")).toEqual([]);
    const errors = await zoneErrors('contracts/src/probe.ts', "import express from 'express';\nimport '../../platform/src/stores.js';\n");
    expect(errors).toHaveLength(2);
  });

  it('keeps every bounded context out of platform', async () => {
    expect(await zoneErrors('platform/src/probe.ts', "import '@concierge/domain/shared/aggregate';\n")).toHaveLength(1);
    expect(await zoneErrors('platform/src/probe.ts', "import '../../command-api/src/app.js';\n")).toHaveLength(1);
    expect(await zoneErrors('platform/src/probe.ts', "import '@concierge/contracts';\n")).toEqual([]);
  });

  it('keeps HTTP, queue and UI packages out of domain', async () => {
    const source = ["import express from 'express';", "import { Queue } from 'bullmq';", "import Button from '@mui/material/Button';", "import '../../command-api/src/app.js';"];
    expect(await zoneErrors('domain/src/probe.ts', source.join('\n'))).toHaveLength(4);
    expect(await zoneErrors('domain/src/probe.ts', "import { z } from 'zod';\nimport '@concierge/contracts';\n")).toEqual([]);
  });

  it('refuses a web feature that imports another feature', async () => {
    const errors = await zoneErrors('web/src/features/wallets/probe.ts', "import '../deposits/api/add-deposit';\n");
    expect(errors).toEqual([expect.stringMatching(/web features never import each other/)]);
    expect(await zoneErrors('web/src/features/wallets/probe.ts', "import '../../lib/format';\n")).toEqual([]);
  });

  it('refuses an import of scripts/ from outside it', async () => {
    expect(await zoneErrors('web/src/lib/probe.ts', "import '../../../scripts/summary-reporter.js';\n")).toHaveLength(1);
    expect(await zoneErrors('system-tests/src/system/probe.ts', "import '../../../scripts/summary-reporter.js';\n")).toHaveLength(1);
    expect(await zoneErrors('scripts/probe.ts', "import './summary-reporter.js';\n")).toEqual([]);
  });

  it('refuses an import of system-tests from a workspace or from scripts/', async () => {
    expect(await zoneErrors('web/src/lib/probe.ts', "import '../../../system-tests/src/system/outbox.js';\n")).toHaveLength(1);
    expect(await zoneErrors('scripts/probe.ts', "import '../system-tests/src/system/outbox.js';\n")).toHaveLength(1);
    expect(await zoneErrors('workers/src/probe.ts', "import '@concierge/system-tests/src/system/outbox.js';\n")).toHaveLength(1);
    expect(await zoneErrors('system-tests/src/browser/probe.ts', "import '../system/outbox.js';\n")).toEqual([]);
  });
});
