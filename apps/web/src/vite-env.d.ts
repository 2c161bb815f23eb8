interface ImportMetaEnv {
  /** The year the build was made (vite.config.ts), which the prerendered HTML shows. */
  readonly TERN_BUILD_YEAR?: string;
}
