// French for the blog part of the site (decision 030): English text → French text, placeholders kept.
// Follows docs/glossary.md. The posts themselves are written in French by staff (a post has a language).
export const blog = {
  // The list (/fr/blog)
  "Our Blog": "Notre blog",
  "Latest Updates & Insights": "Actualités et conseils",
  "Shipping guides, customs advice and company news from our team in Monrovia.":
    "Guides d'expédition, conseils en dédouanement et nouvelles de l'entreprise, par notre équipe de Monrovia.",
  "Blog: Latest Updates & Insights": "Blog : actualités et conseils",
  "{category}: Latest Updates & Insights": "{category} : actualités et conseils",
  "{title} (Page {page})": "{title} (page {page})",
  "News, shipping guides and practical advice on air, sea and road freight to and from Liberia, from the logistics team in Monrovia.":
    "Actualités, guides d'expédition et conseils pratiques sur le fret aérien, le fret maritime et le transport routier vers et depuis le Liberia, par l'équipe logistique de Monrovia.",
  "Blog categories": "Catégories du blog",
  "All Posts": "Tous les articles",
  "Blog posts": "Articles du blog",
  "Loading blog posts...": "Chargement des articles...",
  "No blog posts found": "Aucun article trouvé",
  "Show all posts": "Voir tous les articles",
  "New articles are on their way. Please check back soon.":
    "De nouveaux articles arrivent bientôt. Revenez nous voir prochainement.",
  "This page of the blog does not exist.": "Cette page du blog n'existe pas.",
  "Return to Blog": "Retour au blog",
  "Error loading blog posts": "Erreur lors du chargement des articles",
  "Something went wrong on our side. Please try again in a moment.":
    "Un problème est survenu de notre côté. Veuillez réessayer dans un instant.",
  "Try again": "Réessayer",
  // Cards and pager
  "Read more": "Lire la suite",
  "Blog pages": "Pages du blog",
  "Page {n}": "Page {n}",
  Previous: "Précédent",
  Next: "Suivant",
  // A post (/fr/blog/:slug)
  "Back to Blog": "Retour au blog",
  "Read in French": "Lire en français",
  "Read in English": "Lire en anglais",
  "{minutes} min read": "{minutes} min de lecture",
  "Have cargo to move?": "Vous avez des marchandises à expédier ?",
  "Tell us what you are shipping and we will send you a free quote.":
    "Dites-nous ce que vous expédiez et nous vous enverrons un devis gratuit.",
  "Get a Free Quote": "Demander un devis gratuit",
  "More from our blog": "À lire aussi sur notre blog",
  "Browse More Articles": "Voir d'autres articles",
  "Blog Post Not Found": "Article introuvable",
  "The article you are looking for does not exist or is no longer available.":
    "L'article que vous cherchez n'existe pas ou n'est plus disponible.",
  "Error Loading Blog Post": "Erreur lors du chargement de l'article",
  "There was an error loading this blog post. It may not exist or has been removed.":
    "Une erreur s'est produite lors du chargement de cet article. Il n'existe peut-être pas ou a été supprimé.",
} as const satisfies Record<string, string>;
