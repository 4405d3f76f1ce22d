declare module '*.webm' {
  const url: string;
  export default url;
}
