/**
 * fictionworld session affinity for session ids that ride only in a JSON body (nginx njs, Debian package
 * libnginx-mod-http-js). DeepDive's rollout posts {"session_id", …} to one fixed URL with no header or
 * cookie, and OpenEnv's /step carries "episode_id" beside the action: nginx's own maps cannot read a
 * body, so these locations run `route`, which reads it and redirects internally to the replica's
 * location (the body already read goes with it).
 *
 * - An id minted by a replica (`r2.s_…`) goes to that replica.
 * - An id a client minted (`deepdive-3-…`, an OpenEnv episode_id) goes to the same replica every time,
 *   by rendezvous hashing over the replicas: the replica that first sees it creates the session there.
 * - No id (a reset that creates an episode): any replica (round robin).
 */
var crypto = require('crypto');

function sessionIn(r) {
  var id;
  try {
    var body = r.requestText ? JSON.parse(r.requestText) : null;
    if (body && typeof body === 'object') id = body.session_id || body.episode_id;
  } catch (e) {
    id = undefined; // not JSON: the replica answers that
  }
  if (!id) id = r.args.episode_id || r.args.session;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

function replicaFor(replicas, id) {
  if (id === undefined) return 'fw_any';
  var dot = id.indexOf('.');
  if (dot > 0 && replicas.indexOf(id.slice(0, dot)) >= 0) return id.slice(0, dot);
  var best = replicas[0];
  var bestScore = '';
  for (var i = 0; i < replicas.length; i++) {
    var score = crypto.createHash('md5').update(replicas[i] + '\n' + id).digest('hex');
    if (score > bestScore) {
      bestScore = score;
      best = replicas[i];
    }
  }
  return best;
}

function route(r) {
  var replicas = r.variables.fw_replicas.split(' ');
  var to = replicaFor(replicas, sessionIn(r));
  var args = r.variables.args;
  r.internalRedirect('/_fw/' + to + r.uri + (args ? '?' + args : ''));
}

export default { route };
