// The offline recogniser: one long-lived Python worker running faster-whisper (services/voice/worker), fed one
// utterance at a time. Loading the model costs about as much as a transcription, so the worker is started once
// and kept; this class supervises it. Requests queue and go in turn (the worker is single-threaded per request
// and uses its CPU threads within one). A request that takes too long means a stuck worker: it is killed, the
// request fails, and the worker is started again. A worker that dies is started again after a backoff that
// doubles while starts keep failing, so a broken installation does not spin; requests waiting while it cannot
// start fail with the reason (the tail of its stderr) rather than hang.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Logger } from '@hhp/kit';
import type { SpeechRecognizer, Transcript } from './speech.js';
import { encodeRequest, LineSplitter, parseWorkerLine } from './worker-protocol.js';

export interface WhisperRecognizerOptions {
  python: string;
  workerScript: string;
  modelDir: string;
  threads: number;
  beamSize?: number;
  /**
   * Utterances that may wait behind the one being transcribed; past that a request is refused at once (the
   * engine can say it is busy) rather than answered after the visitor has given up.
   */
  maxQueued?: number;
  /** How long one transcription may take before the worker is taken to be stuck. */
  requestTimeoutMs?: number;
  /** How long the worker may take to load the model. */
  readyTimeoutMs?: number;
  /** First and longest wait before starting a dead worker again. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

interface Request {
  id: number;
  pcm: Int16Array;
  resolve: (transcript: Transcript) => void;
  reject: (error: Error) => void;
}

export class RecognizerError extends Error {
  override name = 'RecognizerError';
}

const STDERR_TAIL = 2000;

export class WhisperRecognizer implements SpeechRecognizer {
  private readonly options: Required<Omit<WhisperRecognizerOptions, 'logger'>> &
    Pick<WhisperRecognizerOptions, 'logger'>;
  private worker: ChildProcessWithoutNullStreams | undefined;
  /** The current worker has loaded its model and is not being killed. */
  private ready = false;
  /** Workers that got as far as loading the model: one that dies before is a failed start. */
  private readonly loaded = new WeakSet<ChildProcessWithoutNullStreams>();
  private readyWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private readonly queue: Request[] = [];
  private inFlight: { request: Request; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;
  private failedStarts = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private readyTimer: NodeJS.Timeout | undefined;
  private stderrTail = '';
  private closed = false;
  private exited: Promise<void> = Promise.resolve();

  constructor(options: WhisperRecognizerOptions) {
    this.options = {
      beamSize: 2,
      maxQueued: 8,
      requestTimeoutMs: 20_000,
      readyTimeoutMs: 60_000,
      restartDelayMs: 250,
      maxRestartDelayMs: 10_000,
      ...options,
    };
  }

  /** The worker's process id while one runs (for CPU accounting, and for tests that kill it). */
  get workerPid(): number | undefined {
    return this.worker?.pid;
  }

  /** Starts the worker now rather than at the first request, and waits until its model is loaded. */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new RecognizerError('the recogniser is closed'));
    if (this.ready) return Promise.resolve();
    const waiting = new Promise<void>((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
    if (!this.worker && !this.restartTimer) this.spawnWorker();
    return waiting;
  }

  transcribe(pcm16k: Int16Array, { signal }: { signal?: AbortSignal } = {}): Promise<Transcript> {
    if (this.closed) return Promise.reject(new RecognizerError('the recogniser is closed'));
    if (signal?.aborted) return Promise.reject(new RecognizerError('the transcription was withdrawn'));
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new RecognizerError(`the recogniser is busy (${this.queue.length} utterances waiting)`));
    }
    return new Promise<Transcript>((resolve, reject) => {
      const request: Request = { id: this.nextId++, pcm: pcm16k, resolve, reject };
      this.queue.push(request);
      // Withdrawn while it waits: out of the queue, so the worker's time goes to utterances still wanted.
      signal?.addEventListener(
        'abort',
        () => {
          const index = this.queue.indexOf(request);
          if (index < 0) return;
          this.queue.splice(index, 1);
          reject(new RecognizerError('the transcription was withdrawn'));
        },
        { once: true },
      );
      if (!this.worker && !this.restartTimer) this.spawnWorker();
      this.pump();
    });
  }

  /** Fails what waits, ends the worker's input (it exits on end of input), and kills it if it lingers. */
  async close(): Promise<void> {
    if (this.closed) return this.exited;
    this.closed = true;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const error = new RecognizerError('the recogniser is closed');
    this.failWaiting(error);
    const worker = this.worker;
    if (worker) {
      worker.stdin.end();
      const kill = setTimeout(() => worker.kill('SIGKILL'), 3000);
      await this.exited;
      clearTimeout(kill);
    }
  }

  private spawnWorker(): void {
    const o = this.options;
    const args = [
      o.workerScript,
      '--model',
      o.modelDir,
      '--threads',
      String(o.threads),
      '--beam-size',
      String(o.beamSize),
    ];
    const worker = spawn(o.python, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.worker = worker;
    this.ready = false;
    this.stderrTail = '';
    const lines = new LineSplitter();
    worker.stdout.on('data', (chunk: Buffer) => {
      for (const line of lines.push(chunk)) this.onLine(worker, line);
    });
    worker.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    // A write to a worker that just died fails with EPIPE; its exit, handled below, tells the rest.
    worker.stdin.on('error', () => {});
    this.readyTimer = setTimeout(() => {
      this.stderrTail += `\n(no ready line within ${o.readyTimeoutMs} ms)`;
      worker.kill('SIGKILL');
    }, o.readyTimeoutMs);
    this.exited = new Promise<void>((resolve) => {
      let done = false;
      const onGone = (code: number | null, signal: NodeJS.Signals | null, spawnError?: Error) => {
        if (done) return;
        done = true;
        this.onExit(worker, code, signal, spawnError);
        resolve();
      };
      worker.once('error', (error) => onGone(null, null, error));
      worker.once('exit', (code, signal) => onGone(code, signal));
    });
  }

  private onLine(worker: ChildProcessWithoutNullStreams, line: string): void {
    if (worker !== this.worker) return;
    const message = parseWorkerLine(line);
    if (!message) {
      this.options.logger?.warn({ line: line.slice(0, 200) }, 'recogniser worker printed something else');
      return;
    }
    if ('ready' in message) {
      clearTimeout(this.readyTimer);
      this.ready = true;
      this.loaded.add(worker);
      this.options.logger?.info({ pid: worker.pid, loadMs: message.ms }, 'recogniser worker ready');
      for (const waiter of this.readyWaiters.splice(0)) waiter.resolve();
      this.pump();
      return;
    }
    const current = this.inFlight;
    if (!current || current.request.id !== message.id) return; // the answer to a request that timed out
    clearTimeout(current.timer);
    this.inFlight = undefined;
    if ('error' in message) {
      current.request.reject(new RecognizerError(`transcription failed: ${message.error}`));
    } else {
      this.failedStarts = 0;
      current.request.resolve({ text: message.text });
    }
    this.pump();
  }

  private pump(): void {
    const worker = this.worker;
    if (!worker || !this.ready || this.inFlight) return;
    const request = this.queue.shift();
    if (!request) return;
    const timer = setTimeout(() => {
      if (this.inFlight?.request !== request) return;
      this.inFlight = undefined;
      request.reject(new RecognizerError(`transcription took longer than ${this.options.requestTimeoutMs} ms`));
      this.options.logger?.warn({ pid: worker.pid }, 'recogniser worker stuck; killing it');
      // Nothing more goes to it; what waits, waits for the worker that replaces it.
      this.ready = false;
      worker.kill('SIGKILL');
    }, this.options.requestTimeoutMs);
    this.inFlight = { request, timer };
    worker.stdin.write(encodeRequest(request.id, request.pcm));
  }

  private onExit(
    worker: ChildProcessWithoutNullStreams,
    code: number | null,
    signal: NodeJS.Signals | null,
    spawnError?: Error,
  ): void {
    clearTimeout(this.readyTimer);
    const wasReady = this.loaded.has(worker);
    this.worker = undefined;
    this.ready = false;
    const reason = spawnError
      ? spawnError.message
      : `exited with ${signal ?? code}${this.stderrTail ? `: ${this.stderrTail.trim().slice(-500)}` : ''}`;
    if (this.inFlight) {
      clearTimeout(this.inFlight.timer);
      this.inFlight.request.reject(new RecognizerError(`the recogniser worker ${reason}`));
      this.inFlight = undefined;
    }
    if (this.closed) return;

    this.options.logger?.error({ pid: worker.pid, wasReady }, `recogniser worker ${reason}`);
    if (!wasReady) {
      // It could not even load: what waits would wait for a start that may never come.
      this.failedStarts++;
      this.failWaiting(new RecognizerError(`the recogniser could not start: ${reason}`));
    }
    const delay = Math.min(
      this.options.restartDelayMs * 2 ** Math.max(0, this.failedStarts - 1),
      this.options.maxRestartDelayMs,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.closed) this.spawnWorker();
    }, delay);
  }

  private failWaiting(error: Error): void {
    for (const waiter of this.readyWaiters.splice(0)) waiter.reject(error);
    for (const request of this.queue.splice(0)) request.reject(error);
  }
}
