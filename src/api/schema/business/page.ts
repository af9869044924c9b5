import * as v from 'valibot';
import { pageStateProblem } from '../../rules/page-rules.ts';
import { body, keyword, optionalRowId, page, rowId, wholeNumber } from '../kit.ts';
import { say } from '../messages.ts';

/** /v1/pageInfo/queryPageInfo: one page by id, else a page of the list (newest first, a word in the name). */
export const pageQuery = body({ id: optionalRowId('pageId'), ...page(), keyword: keyword(50) });

/** A page's name and the builder's state (checked as a whole by the builder's own rule, pageStateProblem). */
const entries = {
  name: v.pipe(v.optional(v.string(say('pageName')), ''), v.trim(), v.nonEmpty(say('pageName')), v.maxLength(50, say('pageNameMax'))),
  pageData: v.optional(v.unknown()),
  rects: v.optional(v.unknown(), []),
  pops: v.optional(v.unknown(), []),
  status: v.optional(v.picklist([0, 1], say('pageStatus')), 0),
};

/** Whether the builder's state holds, named under pageData (the builder's rule, shared with the builder). */
const stateHolds = <S extends v.GenericSchema>(_of: S) =>
  v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
    const p = dataset.value as Record<string, unknown> | null;
    if (typeof p !== 'object' || p === null) return;
    const problem = pageStateProblem({ pageData: p.pageData, rects: p.rects ?? [], pops: p.pops ?? [] });
    if (problem) addIssue({ message: problem, path: [{ type: 'object', origin: 'value', input: p, key: 'pageData', value: p.pageData }] });
  });

/** /v1/pageInfo/insertPageInfo: a new page. */
const addBody = body(entries);
export const pageAdd = v.pipe(addBody, stateHolds(addBody));

/** /v1/pageInfo/updatePageInfo: a page saved again, with the version it was edited on. */
const updateBody = body({ ...entries, id: rowId('pageId'), version: v.optional(wholeNumber(0, 2 ** 31 - 1, say('recordVersion'))) });
export const pageUpdate = v.pipe(updateBody, stateHolds(updateBody));

/** /v1/pageInfo/deletePageInfo: one page. */
export const pageId = body({ id: rowId('pageId') });
