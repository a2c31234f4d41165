// Lint, type check and format check side by side: each is mostly one thread, so on a machine
// with two cores or more the three together take about as long as the slowest alone. Each one's
// output is kept and printed whole when it ends; any failure fails the check.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script) =>
  new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(
        `\n> ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`,
      );
      resolve(code ?? 1);
    });
  });

const codes = await Promise.all(['lint', 'typecheck', 'format:check'].map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
