// Every email the platform sends, in one place (docs/email.md): a named template takes typed data and
// gives the subject, the plain text and the HTML. The texts are the ones the features always sent
// (tests and the spec quote them); the HTML is the same lines, escaped, with our links as links. Only
// links a template marks (`{ href }`) become anchors: a URL typed into a campaign title stays text.
import { ACCOUNT_TEMPLATES } from './templates/accounts.ts';
import { CAMPAIGN_TEMPLATES } from './templates/campaigns.ts';
import { COMPLIANCE_TEMPLATES } from './templates/compliance.ts';
import { MARKETPLACE_TEMPLATES } from './templates/marketplace.ts';
import { htmlDocument, lineText, type Line, type Site, type Template } from './layout.ts';

export type { Site } from './layout.ts';

export interface RenderedEmail {
  template: TemplateName;
  subject: string;
  text: string;
  html: string;
}

export const TEMPLATES = {
  ...ACCOUNT_TEMPLATES,
  ...COMPLIANCE_TEMPLATES,
  ...CAMPAIGN_TEMPLATES,
  ...MARKETPLACE_TEMPLATES,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateData<N extends TemplateName> = (typeof TEMPLATES)[N]['sample'];
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

/** The email `name` gives for `data`: subject, plain text and HTML. */
export function render<N extends TemplateName>(name: N, data: TemplateData<N>, site: Site): RenderedEmail {
  const template = TEMPLATES[name] as Template<TemplateData<N>>;
  const body = template.body(data, site);
  const head = body.hello === undefined ? [] : [body.hello ? `Hello ${body.hello},` : 'Hello,', ''];
  const tail = body.signature === undefined ? [] : ['', body.signature];
  const lines: Line[] = [...head, ...body.lines, ...tail];
  return {
    template: name,
    subject: body.subject,
    text: lines.map(lineText).join('\n'),
    html: htmlDocument(body.subject, lines),
  };
}
