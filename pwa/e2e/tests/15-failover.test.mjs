// @ts-check
// Issue 14: two instances behind Caddy on one Postgres (E2E_TOPOLOGY=1, lib/topology.mjs). One instance is killed
// with SIGKILL in the middle of a flow: a charity's live All Donations page and a burst of writes. The flow goes on
// through the other instance, and no write that was answered is lost. Skipped on the single-server run.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createDonationInput } from "@foodbridge/shared/testing/factories";
import {
  ACCOUNTS,
  BASE_URL,
  PHONE,
  apiAs,
  openHarness,
  signIn,
} from "../lib/browser.mjs";
import { WITH_SW, uploadPicture } from "../lib/pwa.mjs";

const pids = (process.env.E2E_TOPOLOGY_PIDS ?? "")
  .split(",")
  .filter(Boolean)
  .map(Number);
const tag = Date.now().toString(36);

// Opened by the suite itself: a skipped suite runs no hooks, and a browser opened at the top would keep this file
// alive until the runner's timeout.
/** @type {Awaited<ReturnType<typeof openHarness>>} */
let h;

describe(
  "two instances behind the proxy, one killed mid-flow",
  { skip: pids.length < 2 && "only with E2E_TOPOLOGY=1" },
  () => {
    before(async () => {
      h = await openHarness();
    });
    after(async () => {
      await h?.close();
    });

    it(
      "the charity keeps receiving verified donations and every acknowledged write survives",
      (t) => h.guard("failover", async () => {
        const harness = h;
        const restaurant = await apiAs(ACCOUNTS.restaurant);
        const admin = await apiAs(ACCOUNTS.admin);
        const image = await uploadPicture(restaurant);
        /** @param {string} title */
        const offerAndVerify = async (title) => {
          const { insertedId } = await restaurant.post(
            "/donations",
            createDonationInput({ title, image }),
          );
          await admin.patch(`/donations/verify/${insertedId}`);
          return insertedId;
        };

        const charity = await harness.context(
          "charity through the proxy",
          PHONE,
          { ...WITH_SW, baseURL: BASE_URL },
        );
        const streaming = charity.waitForResponse(
          (r) => new URL(r.url()).pathname === "/sync/donations/pull/stream",
          { timeout: 20_000 },
        );
        await signIn(charity, ACCOUNTS.charity);
        await charity.goto("/allDonations");
        await charity
          .getByRole("heading", { name: "All Verified Donations" })
          .waitFor();
        assert.equal(
          (await streaming).status(),
          200,
          "the live stream opened through the proxy",
        );
        const before = `E2E before the kill ${tag}`;
        await offerAndVerify(before);
        await charity
          .getByText(before, { exact: true })
          .first()
          .waitFor({ timeout: 10_000 });

        // A burst of writes, with one instance killed while they are in flight.
        const burst = Array.from({ length: 30 }, (_, i) =>
          restaurant.raw("POST", "/donations", {
            body: createDonationInput({
              title: `E2E burst ${i} ${tag}`,
              image,
            }),
          }),
        );
        await new Promise((r) => setTimeout(r, 30));
        // The whole process group: the pid is tsx's launcher, the server runs in its child.
        process.kill(-(/** @type {number} */ (pids[0])), 'SIGKILL');
        const answers = await Promise.all(burst);
        const acknowledged = answers
          .filter((a) => a.status === 201)
          .map((a) => /** @type {string} */ (a.data.insertedId));
        // Round robin gives the surviving instance about half of the burst (the charity's own requests through the
        // same proxy shift the alternation by a few); the killed one's share in flight is lost unanswered.
        assert.ok(
          acknowledged.length >= 10,
          `the surviving instance answered its share of the burst (${acknowledged.length} of 30 got 201)`,
        );
        for (const a of answers)
          assert.ok(
            a.status === 201 || a.status >= 500,
            `a write answered ${a.status}`,
          );

        // The flow goes on through the other instance: a newly verified donation reaches the open page.
        const afterKill = `E2E after the kill ${tag}`;
        // Until its health check (every second) marks the dead instance down, the proxy may still hand it a request
        // whose connection then breaks: a write it cannot retry by itself comes back 502, as it would to the app,
        // whose writes are retried. So are these, until answered.
        /** @param {() => Promise<{ status: number, data: any }>} write @param {number[]} done */
        const untilAnswered = async (write, done) => {
          for (let attempt = 1; ; attempt++) {
            const res = await write();
            if (done.includes(res.status)) return res.data;
            assert.ok(res.status >= 500 && attempt < 10, `a write after the kill answered ${res.status} (attempt ${attempt})`);
            await new Promise((r) => setTimeout(r, 300));
          }
        };
        const { insertedId: afterId } = await untilAnswered(
          () => restaurant.raw("POST", "/donations", { body: createDonationInput({ title: afterKill, image }) }),
          [201],
        );
        // (409: an earlier try was applied and only its answer was lost.)
        await untilAnswered(() => admin.raw("PATCH", `/donations/verify/${afterId}`), [200, 409]);
        await charity
          .getByText(afterKill, { exact: true })
          .first()
          .waitFor({ timeout: 20_000 });
        assert.equal(
          new URL(charity.url()).pathname,
          "/allDonations",
          "the charity did not have to navigate",
        );

        // Nothing acknowledged was lost.
        const mine = /** @type {{ _id: string }[]} */ (
          await restaurant.get("/donations")
        );
        const ids = new Set(mine.map((d) => d._id));
        const lost = acknowledged.filter((id) => !ids.has(id));
        assert.deepEqual(
          lost,
          [],
          `acknowledged donations missing after the kill: ${lost.join(", ")}`,
        );
        assert.ok(ids.has(afterId));
      })(t),
    );
  },
);
