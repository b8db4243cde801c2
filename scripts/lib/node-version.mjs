// The Node version the commands need, said once (package.json "engines" says the same for npm).

/** Exits with a hint unless this is Node 22.12 or newer. */
export function requireNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(
      `Zhol needs Node 22.12+ (this is ${process.version}). Run it through npm (npm start, npm test), which brings Node 24, or first: source scripts/ensure-node.sh`,
    );
    process.exit(1);
  }
}
