/** The CMS page the outbox's page tests edit: "home" live (1) and its work copy (2), with a heading. */
export const cmsPage = (id: number, status: number) => ({
  id,
  name: 'Home',
  template: 'landing',
  path: 'home',
  props: '{}',
  features: ['edit'],
  validchildren: [],
  version: id,
  status,
  copietravail: null,
});

export const cmsHeading = {
  id: 10,
  parent: 'clubwedpagedesc_2',
  props: '{}',
  value: 'Hi',
  position: 1,
  enabled: true,
  name: 'T',
  component: 'heading',
  slot: 'main',
  features: [],
  validchildren: [],
};
