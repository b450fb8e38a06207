import type { Caller, EmulatorContext, Handlers, RequestBase } from '../types.js';
import { HttpError, listed } from '../types.js';
import { pageOrdered } from '../domain/ordered-list.js';
import { getSite, type SiteDoc } from '../domain/sites.js';
import {
  findGroup,
  findSection,
  findSiteSpace,
  groupsOf,
  orderedSections,
  orderedSiteSpaces,
  StructureView,
  type GroupDoc,
  type SectionDoc,
  type SiteSpaceDoc,
} from '../domain/site-structure.js';
import {
  addSection,
  addSectionToGroup,
  addSiteSpace,
  createGroup,
  deleteGroup,
  deleteSection,
  deleteSiteSpace,
  moveGroup,
  moveSection,
  moveSiteSpace,
  removeSectionFromGroup,
  updateGroup,
  updateSection,
  updateSiteSpace,
} from '../domain/site-structure-edits.js';

/*
 * Sections, section groups and site spaces of a site (contract "Site sections", "Site section
 * groups", "Site spaces"). The router has checked the caller's role in the organization; the site
 * must belong to it (404 otherwise). Deletes answer 204 whether or not the target existed.
 */

/** What the handlers below share: every path names the organization and the site. */
type SiteRequest = RequestBase & { params: { organizationId: string; siteId: string } };

const noSection = () => new HttpError(404, 'No matching Site section found');
const noGroup = () => new HttpError(404, 'No matching site section group found');
const noSiteSpace = () => new HttpError(404, 'No matching Site space found');

const siteOf = (req: SiteRequest) => getSite(req.ctx, req.params.organizationId, req.params.siteId);

function sectionOf(ctx: EmulatorContext, site: SiteDoc, id: string): SectionDoc {
  return (
    findSection(ctx, site, id) ??
    (() => {
      throw noSection();
    })()
  );
}
function groupOf(ctx: EmulatorContext, site: SiteDoc, id: string): GroupDoc {
  return (
    findGroup(ctx, site, id) ??
    (() => {
      throw noGroup();
    })()
  );
}
function siteSpaceOf(ctx: EmulatorContext, site: SiteDoc, id: string): SiteSpaceDoc {
  return (
    findSiteSpace(ctx, site, id) ??
    (() => {
      throw noSiteSpace();
    })()
  );
}

/** Present after a change: re-read, since defaults and orders may have moved. */
const view = (ctx: EmulatorContext, caller: Caller, site: SiteDoc, shareKey?: string) =>
  new StructureView(ctx, caller, getSite(ctx, site.organization, site.id), shareKey);

const deleted = { status: 204 };

/** A site that does not exist has nothing to delete either (Conventions 7). */
function withSite(req: SiteRequest, fn: (site: SiteDoc) => void) {
  const site = req.ctx.store.get<SiteDoc>('site', req.params.siteId);
  if (site && site.organization === req.params.organizationId) fn(site);
  return deleted;
}

export const siteStructureHandlers = {
  /* ---------- sections ---------- */
  listSiteSections: (req) => {
    const site = siteOf(req);
    const v = view(req.ctx, req.caller, site, req.query.shareKey);
    const page = pageOrdered(orderedSections(req.ctx, site.id), req.query.page, req.query.limit);
    return listed(page, (s) => v.section(s));
  },
  addSectionToSite: (req) => {
    const site = siteOf(req);
    const section = addSection(req.ctx, site, req.body);
    return {
      status: 201,
      body: view(req.ctx, req.caller, site).section(section),
      headers: location(req.ctx, site, 'sections', section.id),
    };
  },
  deleteSiteSectionById: (req) => withSite(req, (site) => deleteSection(req.ctx, site, req.params.siteSectionId)),
  updateSiteSectionById: (req) => {
    const site = siteOf(req);
    const section = updateSection(req.ctx, site, sectionOf(req.ctx, site, req.params.siteSectionId), req.body ?? {});
    return { status: 200, body: view(req.ctx, req.caller, site).section(section) };
  },
  moveSiteSection: (req) => {
    const site = siteOf(req);
    const section = sectionOf(req.ctx, site, req.params.siteSectionId);
    const position = req.body?.position;
    moveSection(req.ctx, site, section, position && { before: position.before?.siteSection, after: position.after?.siteSection });
    return { status: 200, body: view(req.ctx, req.caller, site).section(sectionOf(req.ctx, site, section.id)) };
  },

  /* ---------- section groups ---------- */
  listSiteSectionGroups: (req) => {
    const site = siteOf(req);
    const v = view(req.ctx, req.caller, site);
    const page = pageOrdered(groupsOf(req.ctx, site.id), req.query.page, req.query.limit);
    return listed(page, (g) => v.group(g));
  },
  addSectionGroupToSite: (req) => {
    const site = siteOf(req);
    const group = createGroup(req.ctx, site, req.body);
    return {
      status: 201,
      body: view(req.ctx, req.caller, site).group(group),
      headers: location(req.ctx, site, 'section-groups', group.id),
    };
  },
  deleteSiteSectionGroupById: (req) => withSite(req, (site) => deleteGroup(req.ctx, site, req.params.siteSectionGroupId)),
  updateSiteSectionGroupById: (req) => {
    const site = siteOf(req);
    const group = updateGroup(req.ctx, groupOf(req.ctx, site, req.params.siteSectionGroupId), req.body ?? {});
    return { status: 200, body: view(req.ctx, req.caller, site).group(group) };
  },
  addSectionToGroup: (req) => {
    const site = siteOf(req);
    const group = groupOf(req.ctx, site, req.params.siteSectionGroupId);
    addSectionToGroup(req.ctx, site, group, req.body.sectionId);
    return {
      status: 201,
      body: view(req.ctx, req.caller, site).group(group),
      headers: location(req.ctx, site, 'section-groups', group.id),
    };
  },
  removeSectionFromGroup: (req) =>
    withSite(req, (site) => removeSectionFromGroup(req.ctx, site, req.params.siteSectionGroupId, req.params.siteSectionId)),
  moveSiteSectionGroup: (req) => {
    const site = siteOf(req);
    const group = groupOf(req.ctx, site, req.params.siteSectionGroupId);
    moveGroup(req.ctx, site, group, req.body?.position);
    return { status: 200, body: view(req.ctx, req.caller, site).group(groupOf(req.ctx, site, group.id)) };
  },

  /* ---------- site spaces ---------- */
  listSiteSpaces: (req) => {
    const site = siteOf(req);
    const v = view(req.ctx, req.caller, site, req.query.shareKey);
    const wanted = req.query.default;
    const all = orderedSiteSpaces(req.ctx, site.id).filter((ss) => wanted === undefined || v.isDefaultSiteSpace(ss) === wanted);
    const page = pageOrdered(all, req.query.page, req.query.limit);
    return listed(page, (ss) => v.siteSpace(ss));
  },
  addSpaceToSite: (req) => {
    const site = siteOf(req);
    const ss = addSiteSpace(req.ctx, site, {
      spaceId: req.body.spaceId,
      ...(req.body.sectionId !== undefined ? { sectionId: req.body.sectionId } : {}),
    });
    return { status: 201, body: view(req.ctx, req.caller, site).siteSpace(ss), headers: location(req.ctx, site, 'site-spaces', ss.id) };
  },
  deleteSiteSpaceById: (req) => withSite(req, (site) => deleteSiteSpace(req.ctx, site, req.params.siteSpaceId)),
  updateSiteSpaceById: (req) => {
    const site = siteOf(req);
    const ss = updateSiteSpace(req.ctx, site, siteSpaceOf(req.ctx, site, req.params.siteSpaceId), req.body ?? {});
    return { status: 200, body: view(req.ctx, req.caller, site).siteSpace(ss) };
  },
  moveSiteSpace: (req) => {
    const site = siteOf(req);
    const ss = siteSpaceOf(req.ctx, site, req.params.siteSpaceId);
    const position = req.body?.position;
    moveSiteSpace(req.ctx, site, ss, position && { before: position.before?.siteSpace, after: position.after?.siteSpace });
    return { status: 200, body: view(req.ctx, req.caller, site).siteSpace(siteSpaceOf(req.ctx, site, ss.id)) };
  },
} satisfies Partial<Handlers>;

/*
 * Sections, groups and site spaces have no `urls.location`, so the router cannot derive the 201's
 * `Location` header (spec CONTRACT-NOTES §1.3) from the body: it is the API URL the new object is edited at.
 */
const location = (ctx: EmulatorContext, site: SiteDoc, collection: string, id: string) => ({
  location: `${ctx.baseUrl}/v1/orgs/${site.organization}/sites/${site.id}/${collection}/${id}`,
});
