// The ECharts parts chart-svg.ts installs one by one: the package ships their code without declarations.
declare module 'echarts/lib/chart/bar/install.js' {
  export const install: Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
}
declare module 'echarts/lib/chart/line/install.js' {
  export const install: Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
}
declare module 'echarts/lib/component/grid/installSimple.js' {
  export const install: Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
}
declare module 'echarts/lib/component/legend/installLegendPlain.js' {
  export const install: Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
}
declare module 'echarts/lib/renderer/installSVGRenderer.js' {
  export const install: Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
}
declare module 'echarts/lib/chart/boxplot/install.js' {
  export const install: Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
}
declare module 'echarts/lib/chart/scatter/install.js' {
  export const install: Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
}
