/** The deployment mode, set at build time with VITE_DEPLOY_MODE (e.g. 'bi'); it picks logo text and slogan. */
export const DEPLOY_MODE: string = import.meta.env.VITE_DEPLOY_MODE ?? 'scrm';

/** '洞察商业 实现增长' in the bi mode, '经营会员 实现增长' in every other (text keys: both languages). */
export const sloganFor = (mode: string): 'sloganBi' | 'sloganDefault' => (mode === 'bi' ? 'sloganBi' : 'sloganDefault');

/** This build's release (the package version and build day), sent with the console's error reports. */
export const RELEASE: string = import.meta.env.VITE_RELEASE ?? 'dev';
