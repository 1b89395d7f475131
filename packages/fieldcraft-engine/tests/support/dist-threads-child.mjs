// Runs the seed's session on the BUILT engine (dist/index.js, whose kernel workers load dist/fem-worker.js):
// argv[2] = the engine's dist entry, argv[3] = JSON { steps, batch }. Prints the solve's solver line.
const [entry, job] = process.argv.slice(2);
const { createSession } = await import(entry);
const { steps, batch } = JSON.parse(job);
const s = createSession();
const run = async (command, params) => {
  const out = await s.execute(command, params);
  if (!out.ok) throw new Error(`${command}: ${out.error}`);
  return out.result;
};
await run("geometry.open", { path: steps });
await run("mesh.tet.generate", { body: "Steps", tolerance: 0.5 });
for (const { command, params } of batch) await run(command, params);
const solved = await run("solve.static", { step: "Load" });
process.stdout.write(`${solved.steps[0].solver.name}\n`);
