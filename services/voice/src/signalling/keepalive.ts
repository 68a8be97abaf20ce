// A call's socket is pinged on a clock; a peer that has not answered the previous ping by the next one is
// gone (a laptop closed, a network dropped) and its socket is cut, which ends the call.
import type { WebSocket } from '@hhp/kit';

export function keepAlive(socket: WebSocket, intervalMs: number, onDead: () => void): () => void {
  let answered = true;
  const pong = () => {
    answered = true;
  };
  socket.on('pong', pong);
  const timer = setInterval(() => {
    if (!answered) {
      clearInterval(timer);
      onDead();
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, intervalMs);
  const stop = () => {
    clearInterval(timer);
    socket.off('pong', pong);
  };
  socket.once('close', stop);
  return stop;
}
