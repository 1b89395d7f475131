// Greedy aggregation (Vanek, Mandel, Brezina): a root with all its strong neighbours, then stragglers join.
import { checkCancelled } from "../../cancel-scope.js";

/** Aggregate per node (-1: an isolated node, left to the smoother) and the aggregate count. */
export function aggregate(graph: { nodes: number; ptr: Int32Array; idx: Int32Array }): { agg: Int32Array; count: number } {
  const { nodes, ptr, idx } = graph;
  const agg = new Int32Array(nodes).fill(-1);
  let count = 0;
  // Pass 1: roots whose whole neighbourhood is still free, best-connected nodes first (in a quadratic mesh the
  // corners), so aggregates do not depend on how the mesher happened to number nodes.
  const order = byDegree(ptr, nodes);
  for (let t = 0; t < nodes; t++) {
    if ((t & 4095) === 0) checkCancelled();
    const i = order[t];
    if (agg[i] !== -1 || ptr[i + 1] === ptr[i]) continue;
    let free = true;
    for (let k = ptr[i]; k < ptr[i + 1]; k++)
      if (agg[idx[k]] !== -1) {
        free = false;
        break;
      }
    if (!free) continue;
    agg[i] = count;
    for (let k = ptr[i]; k < ptr[i + 1]; k++) agg[idx[k]] = count;
    count++;
  }
  // Pass 2: join a neighbouring pass-1 aggregate.
  const first = agg.slice();
  for (let i = 0; i < nodes; i++) {
    if ((i & 4095) === 0) checkCancelled();
    if (agg[i] !== -1) continue;
    for (let k = ptr[i]; k < ptr[i + 1]; k++)
      if (first[idx[k]] !== -1) {
        agg[i] = first[idx[k]];
        break;
      }
  }
  // Pass 3: what is left forms aggregates with its free neighbours.
  for (let i = 0; i < nodes; i++) {
    if ((i & 4095) === 0) checkCancelled();
    if (agg[i] !== -1 || ptr[i + 1] === ptr[i]) continue;
    agg[i] = count;
    for (let k = ptr[i]; k < ptr[i + 1]; k++) if (agg[idx[k]] === -1) agg[idx[k]] = count;
    count++;
  }
  return { agg, count };
}

/** Node indices sorted by decreasing degree (counting sort; ties keep index order). */
function byDegree(ptr: Int32Array, nodes: number): Int32Array {
  let max = 0;
  for (let i = 0; i < nodes; i++) max = Math.max(max, ptr[i + 1] - ptr[i]);
  const start = new Int32Array(max + 2);
  for (let i = 0; i < nodes; i++) start[max - (ptr[i + 1] - ptr[i]) + 1]++;
  for (let d = 0; d <= max; d++) start[d + 1] += start[d];
  const order = new Int32Array(nodes);
  for (let i = 0; i < nodes; i++) order[start[max - (ptr[i + 1] - ptr[i])]++] = i;
  return order;
}
