/**
 * A tiny OpenAI-compatible chat-completions server on 127.0.0.1 for tests: it records every request
 * and answers with a canned structured answer, split into tokens with log-probabilities.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface CannedAnswer {
  /** The JSON answer (serialised as the message content). */
  answer: unknown;
  /** Substrings of the content whose tokens get this log-probability (default for others: -0.01). */
  lowLogprobs?: { text: string; logprob: number }[];
  /** Leave logprobs out of the response. */
  withoutLogprobs?: boolean;
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
}

export interface OpenAiCompatibleServer {
  /** Base URL for the openai client (…/v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  setAnswer(answer: CannedAnswer): void;
  close(): Promise<void>;
}

/** Cuts the content into token-like pieces: words, numbers, punctuation, spaces. */
export function tokenize(content: string): string[] {
  return content.match(/[A-Za-z]{1,6}|\d{1,3}|\s+|[^A-Za-z\d\s]/g) ?? [];
}

export async function startOpenAiCompatibleServer(initial: CannedAnswer): Promise<OpenAiCompatibleServer> {
  let canned = initial;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = Buffer.concat(chunks).toString("utf8");
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      if (canned.status && canned.status >= 400) {
        res
          .writeHead(canned.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "canned failure", type: "server_error" } }));
        return;
      }
      const content = JSON.stringify(canned.answer);
      const tokens = tokenize(content);
      let at = 0;
      const logprobs = tokens.map((token) => {
        const start = at;
        at += token.length;
        const low = canned.lowLogprobs?.find((l) => {
          const i = content.indexOf(l.text);
          return i >= 0 && start < i + l.text.length && start + token.length > i;
        });
        return { token, logprob: low ? low.logprob : -0.01, bytes: Array.from(Buffer.from(token, "utf8")), top_logprobs: [] };
      });
      const response = {
        id: "chatcmpl-test",
        object: "chat.completion",
        created: 1_700_000_000,
        model: body?.model ?? "unknown",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content, refusal: null },
            logprobs: canned.withoutLogprobs ? null : { content: logprobs, refusal: null },
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: tokens.length, total_tokens: 100 + tokens.length },
      };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(response));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setAnswer: (a) => {
      canned = a;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
