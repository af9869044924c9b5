// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageContext } from '@/i18n/use-t.ts';
import { loadDictionary } from '@/i18n/messages.ts';
import { ModuleNotInstalled } from '@/features/not-installed.tsx';

// A menu entry whose page neither a module nor a meta table provides (DECISIONS.md): named honestly, in both languages.
describe('module not installed', () => {
  it('says so in Chinese, with the entry, its path and component', () => {
    render(<ModuleNotInstalled title="访客登记" path="/base-info/visitor" component="base-info/visitor" />);
    expect(screen.getByText('访客登记 · 模块未安装')).toBeTruthy();
    expect(screen.getByText('此部署未安装该菜单项对应的页面模块。')).toBeTruthy();
    expect(screen.getByText('/base-info/visitor')).toBeTruthy();
  });

  it('says so in English with no Chinese but the entry’s own name', async () => {
    await loadDictionary('en');
    const { container } = render(
      <LanguageContext.Provider value="en">
        <ModuleNotInstalled title="访客登记" path="/base-info/visitor" component="base-info/visitor" />
      </LanguageContext.Provider>,
    );
    expect(screen.getByText('访客登记 · Module not installed')).toBeTruthy();
    expect(screen.getByText('This deployment has no page module for this menu entry.')).toBeTruthy();
    const text = (container.textContent ?? '').replaceAll('访客登记', '');
    expect(text).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
  });
});
