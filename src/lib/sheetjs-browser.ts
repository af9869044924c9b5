import sheetJsUrl from 'sheetjs-style/dist/xlsx.core.min.js?url';
import type { SheetJs } from './xlsx.ts';

let loading: Promise<SheetJs> | undefined;

/**
 * sheetjs-style in the browser: its prebuilt file as a classic script from this origin (the CSP's script-src 'self'
 * allows it), loaded the first time a sheet is written. Bundled as an ES module it throws (it assigns undeclared
 * globals, which strict mode refuses), so it is kept out of the bundle and out of the first paint.
 */
export function loadSheetJs(): Promise<SheetJs> {
  loading ??= new Promise<SheetJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sheetJsUrl;
    script.async = true;
    script.onload = () => {
      const XLSX = (window as unknown as { XLSX?: SheetJs }).XLSX;
      if (XLSX) resolve(XLSX);
      else reject(new Error('表格组件加载失败，请重新加载页面'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('表格组件加载失败，请检查网络后重试'));
    };
    document.head.append(script);
  });
  return loading;
}
